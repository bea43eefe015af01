#!/usr/bin/env python3
"""Validates files against a JSON Schema with the `jsonschema` package, for the Swift tests.

    check_json_schema.py SCHEMA [--yaml] [--formats] FILE...

Prints one line per file, `ok<TAB>FILE` or `invalid<TAB>FILE<TAB>reason`, and exits 0.
With --yaml the files are YAML, read as vitals reads them (YAML 1.2 core schema: only
true/false, null, decimal integers and floats are typed; a duplicate key or a second document
makes the file invalid). With --formats, `format` keywords are asserted (uri-reference needs
the rfc3987 or the rfc3986-validator package). Exits 3 with a message on stderr when a package is missing,
so the tests can skip with that message.
"""
import json
import math
import re
import sys

try:
    import jsonschema
except ImportError:
    sys.stderr.write("the Python package jsonschema is missing (apt-get install python3-jsonschema, or pip install jsonschema)\n")
    sys.exit(3)


def yaml_loader():
    try:
        import yaml
    except ImportError:
        sys.stderr.write("the Python package PyYAML is missing (apt-get install python3-yaml, or pip install pyyaml)\n")
        sys.exit(3)

    class CoreLoader(yaml.SafeLoader):
        """SafeLoader with YAML 1.2 core-schema typing instead of YAML 1.1's (no yes/no,
        no sexagesimal 04:00, no timestamps), and duplicate keys refused."""

    CoreLoader.yaml_implicit_resolvers = {}
    resolvers = [
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
        ("tag:yaml.org,2002:float",
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
         "-+0123456789."),
    ]
    for tag, pattern, first in resolvers:
        CoreLoader.add_implicit_resolver(tag, re.compile(pattern), list(first))

    def construct_bool(loader, node):
        return loader.construct_scalar(node).lower() == "true"

    def construct_mapping(loader, node, deep=False):
        keys = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=deep)
            if key in keys:
                raise yaml.constructor.ConstructorError(None, None, "duplicate key %r" % (key,), key_node.start_mark)
            keys.add(key)
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    CoreLoader.add_constructor("tag:yaml.org,2002:bool", construct_bool)
    CoreLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return yaml, CoreLoader


def as_json(value):
    """The value as JSON has it: a non-finite float (`.inf`, `.nan`) has no JSON form, so it
    becomes an object, which neither a `number` nor a `string` accepts (a string would let
    `name: .inf` pass where vitals reads a number); mapping keys become strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"non-finite number": repr(value)}
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def main(argv):
    schema_path, rest = argv[0], argv[1:]
    read_yaml = "--yaml" in rest
    check_formats = "--formats" in rest
    files = [a for a in rest if a not in ("--yaml", "--formats")]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    checker = None
    if check_formats:
        # jsonschema asserts uri-reference only with one of these installed.
        try:
            import rfc3987  # noqa: F401  (Debian: python3-rfc3987)
        except ImportError:
            try:
                import rfc3986_validator  # noqa: F401
            except ImportError:
                sys.stderr.write("the Python package rfc3987 or rfc3986-validator is missing "
                                 "(apt-get install python3-rfc3987, or pip install rfc3986-validator)\n")
                sys.exit(3)
        checker = jsonschema.FormatChecker()
    validator = cls(schema, format_checker=checker)
    if read_yaml:
        yaml, loader = yaml_loader()
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            instance = as_json(yaml.load(text, Loader=loader)) if read_yaml else json.loads(text)
        except Exception as error:  # not loadable at all: invalid
            print("invalid\t%s\tcannot be read: %s" % (path, str(error).replace("\n", " ")))
            continue
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path)
            print("invalid\t%s\t%s: %s" % (path, where, first.message.replace("\n", " ")))
        else:
            print("ok\t%s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
