"""The codes 7 Wonders' rules refuse a command with (besides the kernel's common ones)."""

CODES: dict[str, str] = {
    "already_chosen": "The seat has already chosen a card this step.",
    "choose_own_first": "The seat chooses for its own city before the Free City.",
    "wrong_city": "The seat chooses for another city now.",
    "card_not_in_hand": "The card is not in the hand of the city.",
    "free_city_must_build": "The Free City builds when it can; it discards only otherwise.",
    "free_city_must_chain": "The Free City builds a card it can chain, free through the chain.",
    "unknown_action": "The action is not build, stage, discard or free.",
    "already_built": "The city already has a structure of that name.",
    "no_free_build": "The city has no free-structure ability.",
    "free_build_used": "The free structure of this age is already used.",
    "wrong_payment": "The payment does not match what the construction costs.",
    "wonder_complete": "Every stage of the wonder is built.",
    "cannot_afford": "The city cannot pay the coins or the purchases.",
    "bad_purchase": "The purchases from neighbours are malformed or not for sale.",
    "no_market": "Purchases from cities other than the neighbours need a market open to the "
                 "city (Faith's Poséidon).",
    "cannot_produce": "The city and its purchases do not produce the cost.",
    "no_such_payment": "No way of paying matches the purchases named.",
    "not_a_neighbour_guild": "The guild is not one a neighbour has built.",
    "not_in_discard": "The card is not in the discard pile.",
}
