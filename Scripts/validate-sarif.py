#!/usr/bin/env python3
"""Validates SARIF logs against a JSON Schema (draft-04, as OASIS publishes SARIF 2.1.0's).

usage: validate-sarif.py SCHEMA LOG...
Prints one line per log ("ok" or each error with its JSON path); exits 1 if any log is invalid.
"""
import json
import sys

import jsonschema


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as handle:
        schema = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    invalid = 0
    for path in arguments[1:]:
        with open(path, encoding="utf-8") as handle:
            log = json.load(handle)
        errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
        if errors:
            invalid += 1
            for error in errors:
                print(f"{path}: {error.json_path}: {error.message}")
        else:
            print(f"{path}: ok")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
