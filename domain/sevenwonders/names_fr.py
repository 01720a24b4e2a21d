"""7 Wonders' resources in French (reference 7wonders/base.yaml, `resources.names_fr`). Card
names in French come with the catalog itself (`name_fr`); wonder names have none in the
reference and stay English."""

KIND = "7wonders"

NAMES: dict[str, dict[str, str]] = {
    "resources": {
        "wood": "Bois", "stone": "Pierre", "clay": "Argile", "ore": "Minerai",
        "glass": "Verre", "loom": "Tissu", "papyrus": "Papyrus",
    },
}
