"""The codes Duel Leaders' rules refuse a command with (besides Duel's and the kernel's)."""

CODES: dict[str, str] = {
    "already_chosen": "The seat has already chosen its leader in this recruitment step.",
    "already_declared": "The seat has already declared whether it recruits.",
    "choices_revealed": "The leaders are chosen and revealed: the seats now declare recruit "
                        "or discard (DeclareRecruitment); no leader is chosen any more.",
    "choice_pending": "A seat declares recruit or discard only once every seat with a leader "
                      "in hand has chosen one and the choices are revealed (ChooseLeader "
                      "first).",
    "no_leader_in_hand": "The seat has no leader left in hand: it sits the recruitment step "
                         "out.",
    "leader_not_in_hand": "The leader is not in the seat's hand.",
    "leader_not_offered": "The leader is not on offer, or may not be recruited now.",
    "leader_not_recruited": "The leader is not an active leader recruited by the seat.",
    "leader_not_usable": "The leader's ability cannot be used for this (or is used up).",
    "card_not_offered": "The card is not among those offered.",
    "must_build": "One of the cards offered must be built.",
}
