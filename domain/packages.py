"""The game and expansion packages of this build: the one list that names them.

The registry imports each, in this order, the first time a kind is looked up; a game
package registers its kind (`domain.kernel.registry.register`) and an expansion package
declares itself to its base game (`domain.kernel.expansions.register_expansion`). A base
game's expansions attach in the order of this list, so an expansion is listed after the
ones it builds on. A new game or expansion is a new folder and one line here.
"""

PACKAGES: tuple[str, ...] = (
    "domain.duel",
    "domain.duel_agora",
    "domain.duel_leaders",
    "domain.sevenwonders",
    "domain.sevenwonders_leaders",
    "domain.sevenwonders_faith",
)
