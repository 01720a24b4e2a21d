"""The codes Leaders' rules refuse a command with (besides 7 Wonders' and the kernel's)."""

CODES: dict[str, str] = {
    "already_chosen": "The seat has already kept a leader this round.",
    "leader_not_in_hand": "The leader is not in the seat's leader hand.",
    "not_a_neighbour_leader": "The leader is not one recruited next door.",
    "recruit_only": "This step only recruits a leader (Rome B's extra one), or declines.",
}
