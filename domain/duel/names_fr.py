"""7 Wonders Duel's resources in French: the same resources as 7 Wonders, whose reference
names them (7wonders/base.yaml, `resources.names_fr`). Card, wonder and progress-token names
in French come with the catalog itself (`name_fr`, from duel/duel_base.yaml)."""

KIND = "duel"

NAMES: dict[str, dict[str, str]] = {
    "resources": {
        "wood": "Bois", "clay": "Argile", "stone": "Pierre", "glass": "Verre",
        "papyrus": "Papyrus",
    },
}
