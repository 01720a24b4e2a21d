"""Agora's vocabulary in German (reference duel/agora.yaml, `terms.de`, from the German
rulebook in the seeds). Card names are not given in German: they stay English."""

KIND = "duel"

NAMES: dict[str, dict[str, str]] = {
    "terms": {
        "senate": "Senat", "politician": "Politiker", "conspirator": "Verschwörer",
        "conspiracy": "Verschwörung", "decree": "Dekret", "chamber": "Kammer",
        "influence_cube": "Einfluss-Würfel",
    },
}
