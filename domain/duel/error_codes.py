"""The codes 7 Wonders Duel's rules refuse a command with (besides the kernel's common ones)."""

CODES: dict[str, str] = {
    "card_not_accessible": "The card is not free in the structure (another card covers it).",
    "unknown_slot": "The structure has no slot of that number.",
    "price_mismatch": "The command's price is not what the card or wonder costs the seat now.",
    "invalid_payment": "The payment named is not a way the seat can pay.",
    "not_enough_coins": "The seat has fewer coins than the price.",
    "wonder_not_available": "The wonder is not one of the seat's unbuilt wonders, or no "
                            "wonder may be built now (seven are built).",
    "wonder_not_offered": "The wonder is not in the current draft offer.",
    "card_not_destroyable": "The opponent has no card of that colour to destroy.",
    "card_not_discarded": "The card is not in the discard pile.",
    "token_not_available": "The progress token is not on the board.",
    "token_not_drawn": "The progress token is not among those the Great Library drew.",
}
