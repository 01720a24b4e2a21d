"""The codes Faith's rules refuse a command with (besides 7 Wonders' and the kernel's)."""

CODES: dict[str, str] = {
    "god_not_in_hand": "The god is not in the seat's hand of gods this prayer round.",
    "god_for_own_city": "A god is played with the seat's own card, not the Free City's.",
    "god_not_kept": "The god is not among the gods the city kept.",
    "no_more_gods": "The city may invoke no more gods this Age.",
    "one_god_a_turn": "Two gods with one card need Wonderwoman's marker for this Age and two "
                      "gods allowed; both are invoked, after the card.",
    "unknown_use": "A god is either invoked or discarded for coins.",
    "bad_targets": "The god's targets are not allowed (a neighbour, a player, not the Free "
                   "City, as the god says).",
    "cannot_invoke": "The city cannot meet the god's cost (resources, shields or points).",
    "god_after_card": "This god is revealed after the step's card (Chronos).",
    "god_not_with_stage": "This god is not invoked with a card that builds a wonder stage "
                          "(Chronos marks the stage he is paid for).",
    "seth_answers": "Seth is invoked in answer to an opponent's god, not with a card.",
    "no_look": "Horus shows the previous player's hand once it has chosen, before the city "
               "chooses, once a step and twice an age.",
    "sacrifice_needed": "Pégase is invoked by sacrificing the step's card: discard it "
                        "(without its coins).",
    "leader_not_drawn": "Pégase puts in play one of the leaders drawn, or none (-1).",
}
