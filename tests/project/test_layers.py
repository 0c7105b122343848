"""planarcli's packages import one way (ARCHITECTURE.md, "Layers"):

    cli -> commands -> report -> deck -> cards, rulebook -> the small top-level modules

A layer imports only from the layers below it (lazy imports inside functions count): the
capabilities (cards/, rulebook/, deck/) never import the renderers (report/), the commands
or click; cards/ and rulebook/ do not import each other. And a renderer in report/ is
imported only by the command that prints with it, never at start-up.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from probes import imports_of, modules_loaded

PACKAGE = Path(__file__).resolve().parents[2] / "planarcli"

#: The layer of each part of planarcli; a module imports only from lower layers (or its own
#: package). "base" is every top-level module but cli.py and __main__.py.
LAYERS = {
    "base": 0,
    "cards": 1,
    "rulebook": 1,
    "deck": 2,
    "report": 3,
    "commands": 4,
    "cli": 5,
}


def part_of(module: str) -> str | None:
    """The layer name of a planarcli module ("planarcli.cards.catalog" -> "cards"), or None
    for a module outside planarcli."""
    parts = module.split(".")
    if parts[0] != "planarcli":
        return None
    if len(parts) == 1:
        return "base"  # ``from planarcli import resources`` and the like
    if parts[1] in ("cli", "__main__"):
        return "cli"
    return parts[1] if (PACKAGE / parts[1]).is_dir() else "base"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def all_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_part_of_planarcli_has_a_layer() -> None:
    for path in all_modules():
        assert part_of(module_name(path)) in LAYERS, path


@pytest.mark.parametrize("path", all_modules(), ids=lambda path: module_name(path))
def test_imports_go_down_the_layers(path: Path) -> None:
    own = part_of(module_name(path))
    assert own is not None
    upward = sorted(
        name
        for name in imports_of(path)
        if (other := part_of(name)) is not None
        and other != own
        and LAYERS[other] >= LAYERS[own]
        # ``from planarcli.cards import catalog`` names the package and the module: judge
        # the module only
        and not (name == f"planarcli.{other}" and other != "base")
    )
    assert not upward, f"{module_name(path)} ({own}) imports {upward}"


@pytest.mark.parametrize("layer", ["base", "cards", "rulebook", "deck"])
def test_capabilities_never_import_click(layer: str) -> None:
    for path in all_modules():
        if part_of(module_name(path)) == layer:
            clicky = {name for name in imports_of(path) if name.split(".")[0] == "click"}
            assert not clicky, f"{module_name(path)} imports {sorted(clicky)}"


def test_the_layer_check_sees_an_upward_lazy_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f():\n    from planarcli.report import rules\n    import planarcli.commands.common\n",
        encoding="utf-8",
    )
    found = {part_of(name) for name in imports_of(sample)}
    assert {"report", "commands"} <= found
    assert part_of("planarcli.cards.catalog") == "cards"
    assert part_of("planarcli.errors") == "base"
    assert part_of("planarcli.cli") == "cli"
    assert part_of("click") is None


# --------------------------------------------------------------------------- start-up


def renderers_loaded_by(args: list[str]) -> set[str]:
    """The planarcli.report modules ``planarcli --offline ARGS`` imported."""
    loaded = modules_loaded(["--offline", *args])
    return {name for name in loaded if name.startswith("planarcli.report.")}


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["--help"], set()),
        (["rules", "--help"], set()),
        (["rules", "show", "901.9"], {"planarcli.report.rules", "planarcli.report.terminal"}),
        (["rules", "editions", "--format", "json"], {"planarcli.report.rules"}),
        (["deck", "random", "--seed", "1"], {"planarcli.report.deck"}),
    ],
)
def test_a_renderer_is_imported_only_by_the_command_that_prints_with_it(
    args: list[str], wanted: set[str]
) -> None:
    loaded = renderers_loaded_by(args)
    assert wanted <= loaded, sorted(loaded)
    others = {"planarcli.report.rules", "planarcli.report.deck", "planarcli.report.render"}
    assert not (loaded & others) - wanted, sorted(loaded)
