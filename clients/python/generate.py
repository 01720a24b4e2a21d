"""Generate the game layer's msgspec types from `openapi/openapi.json`.

One module per ruleset (`polis_client/rulesets/ruleset_<id>.py`) with a Struct per schema
and the unions `Command`, `Event`, `Deal` and `View`; `rulesets/__init__.py` maps each
ruleset's name (``duel``, ``duel+agora``, ...) to its module. Run it after the document
changes: ``python clients/python/generate.py``; a test fails when the files drift.
"""

from __future__ import annotations

import json
import keyword
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DOCUMENT = HERE.parent.parent / "openapi" / "openapi.json"
OUT = HERE / "polis_client" / "rulesets"
REF = "#/components/schemas/"
HEADER = '"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""\n'


def module_name(ruleset: str) -> str:
    return "ruleset_" + ruleset.replace("+", "_")


class Writer:
    def __init__(self, prefix: str, schemas: dict[str, Any]) -> None:
        self.prefix = prefix
        self.schemas = schemas

    def local(self, ref: str) -> str:
        name = ref.removeprefix(REF)
        assert name.startswith(self.prefix + "."), ref
        return name[len(self.prefix) + 1:]

    def annotation(self, schema: dict[str, Any]) -> str:
        if "$ref" in schema:
            return self.local(schema["$ref"])
        if "anyOf" in schema:
            return " | ".join(self.annotation(s) for s in schema["anyOf"])
        kind = schema.get("type")
        if kind == "integer":
            return "int"
        if kind == "string":
            return "str"
        if kind == "boolean":
            return "bool"
        if kind == "number":
            return "float"
        if kind == "null":
            return "None"
        if kind == "array":
            if "prefixItems" in schema:
                return "tuple[" + ", ".join(self.annotation(s) for s in schema["prefixItems"]) + "]"
            return f"list[{self.annotation(schema.get('items', {}))}]"
        if kind == "object":
            return f"dict[str, {self.annotation(schema.get('additionalProperties', {}))}]"
        if "enum" in schema:
            return "str"
        return "Any"

    def struct(self, name: str, schema: dict[str, Any]) -> str:
        props: dict[str, Any] = schema.get("properties", {})
        required = set(schema.get("required", []))
        tag = props.get("type", {}).get("enum", [None])[0]
        options = ["msgspec.Struct", "kw_only=True"]
        if tag is not None:
            options += [f"tag={tag!r}", 'tag_field="type"']
        if schema.get("additionalProperties") is False:
            options.append("forbid_unknown_fields=True")
        lines = [f"class {name}({', '.join(options)}):"]
        if schema.get("description"):
            lines.append(f"    {json.dumps(schema['description'])}")
        fields = [p for p in props if not (p == "type" and tag is not None)]
        for prop in fields:
            field = props[prop]
            safe = prop + "_" if keyword.iskeyword(prop) else prop
            rename = f"msgspec.field(name={prop!r}" if safe != prop else None
            text = f"    {safe}: {self.annotation(field)}"
            if prop not in required:
                default = field.get("default")
                value = "None" if default is None else repr(default)
                if isinstance(default, (list, dict)):
                    factory = "list" if isinstance(default, list) else "dict"
                    value = f"msgspec.field(default_factory={factory}"
                    value += f", name={prop!r})" if rename else ")"
                elif rename:
                    value = f"{rename}, default={value})"
                text += f" = {value}"
            elif rename:
                text += f" = {rename})"
            lines.append(text)
        if len(lines) == 1:
            lines.append("    pass")
        return "\n".join(lines)

    def module(self, ruleset: str, roles: dict[str, str]) -> str:
        own = sorted(n for n in self.schemas if n.startswith(self.prefix + "."))
        parts = [HEADER, "from __future__ import annotations\n", "from typing import Any\n",
                 "import msgspec\n", f"RULESET = {ruleset!r}\n"]
        role_names = {self.local(REF + r): role for role, r in roles.items()}
        for full in own:
            name = full[len(self.prefix) + 1:]
            schema = self.schemas[full]
            if name in role_names:
                continue
            if schema.get("type") == "object" and "properties" in schema:
                parts.append("\n" + self.struct(name, schema) + "\n")
            else:
                parts.append(f"\n{name} = {self.annotation(schema)}\n")
        for role in ("Command", "Event", "Deal", "View"):
            local = self.local(REF + roles[role])
            parts.append(f"\n{role} = {self.annotation(self.schemas[self.prefix + '.' + local])}\n")
        parts.append('\n__all__ = ["Command", "Deal", "Event", "RULESET", "View"]\n')
        return "\n".join(parts).replace("\n\n\n\n", "\n\n\n")


def generate(document: dict[str, Any]) -> dict[str, str]:
    """File name to content, for every ruleset and the index."""
    schemas = document["components"]["schemas"]
    files: dict[str, str] = {}
    index = [HEADER, "from __future__ import annotations\n", "from types import ModuleType\n"]
    names = []
    for ruleset, roles in sorted(document["x-rulesets"].items()):
        refs = {role: ref["$ref"].removeprefix(REF) for role, ref in roles.items()}
        prefix = refs["Command"].split(".", 1)[0]
        files[module_name(ruleset) + ".py"] = Writer(prefix, schemas).module(ruleset, refs)
        index.append(f"from polis_client.rulesets import {module_name(ruleset)}\n")
        names.append(f"    {ruleset!r}: {module_name(ruleset)},\n")
    index.append("\nRULESETS: dict[str, ModuleType] = {\n" + "".join(names) + "}\n")
    index.append('"""Each ruleset\'s module of types, by its name (kind, then "+expansion")."""\n')
    files["__init__.py"] = "\n".join(index).replace("\n\n\n\n", "\n\n\n")
    return files


def main() -> int:
    files = generate(json.loads(DOCUMENT.read_text()))
    check = "--check" in sys.argv
    stale = [n for n, text in files.items()
             if not (OUT / n).exists() or (OUT / n).read_text() != text]
    if check:
        for name in stale:
            print(f"stale: {OUT / name}", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
