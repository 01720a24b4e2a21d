"""Agora's vocabulary in French (reference duel/agora.yaml, `terms.fr`, from the French
rulebook). The card names of conspiracies and decrees are unknown in French (the reference
found none): they stay English and the catalog lists them as untranslated."""

KIND = "duel"

NAMES: dict[str, dict[str, str]] = {
    "terms": {
        "senate": "Sénat", "politician": "Politicien", "conspirator": "Comploteur",
        "conspiracy": "Complot", "decree": "Décret", "chamber": "Chambre",
        "influence_cube": "cube Influence",
    },
}
