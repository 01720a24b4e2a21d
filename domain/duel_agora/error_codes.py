"""The codes Agora's rules refuse a command with (besides Duel's and the kernel's)."""

CODES: dict[str, str] = {
    "not_a_senator": "The card is not a senator (politician or conspirator) card.",
    "senator_not_constructible": "The senator cannot be recruited now.",
    "conspiracy_not_preparable": "The seat has no conspiracy it may prepare now.",
    "conspiracy_not_triggerable": "The conspiracy is not prepared, or already triggered.",
    "illegal_choice": "The choice is not one the pending effect allows.",
    "not_optional": "The pending effect must be resolved: it cannot be skipped.",
}
