extension GraphDocument {
    /// The JSON Schema (draft 2020-12) of graph documents, version ``version``.
    ///
    /// Editors use it for completion and checking (`# yaml-language-server: $schema=…`); the
    /// `navgraph schema` command prints it. The loader is stricter than the schema where a rule
    /// spans fields (names that must be declared, parameters a pattern must capture); those
    /// are lint findings or load errors with positions.
    public static let jsonSchema: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://navgraph.dev/schema/navgraph-1.json",
      "title": "NavGraph graph document, version 1",
      "type": "object",
      "required": ["navgraph", "name", "routes"],
      "additionalProperties": false,
      "properties": {
        "navgraph": { "const": 1, "description": "The document format version." },
        "name": { "$ref": "#/$defs/name" },
        "summary": { "type": "string" },
        "root": { "$ref": "#/$defs/name", "description": "The root route of an app with one stack; not with tabs." },
        "tabs": {
          "type": "array",
          "minItems": 1,
          "items": {
            "type": "object",
            "required": ["name", "root"],
            "additionalProperties": false,
            "properties": { "name": { "$ref": "#/$defs/name" }, "root": { "$ref": "#/$defs/name" } }
          }
        },
        "routes": {
          "type": "object",
          "minProperties": 1,
          "additionalProperties": {
            "oneOf": [
              { "type": "null" },
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "params": {
                    "type": "object",
                    "additionalProperties": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/value" } }
                  },
                  "requires": { "$ref": "#/$defs/condition" },
                  "otherwise": {
                    "oneOf": [
                      { "const": "cancel" },
                      {
                        "type": "object",
                        "required": ["redirect"],
                        "additionalProperties": false,
                        "properties": { "redirect": { "$ref": "#/$defs/name" }, "style": { "$ref": "#/$defs/style" } }
                      }
                    ]
                  }
                }
              }
            ]
          }
        },
        "flags": { "type": "object", "additionalProperties": { "type": "boolean" } },
        "events": {
          "type": "object",
          "additionalProperties": {
            "oneOf": [
              { "type": "null" },
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "when": { "$ref": "#/$defs/condition" },
                  "set": { "type": "object", "additionalProperties": { "type": "boolean" } },
                  "then": {
                    "oneOf": [
                      { "$ref": "#/$defs/step" },
                      { "type": "array", "items": { "$ref": "#/$defs/step" } }
                    ]
                  }
                }
              }
            ]
          }
        },
        "transitions": {
          "type": "array",
          "items": {
            "type": "object",
            "required": ["from", "to"],
            "additionalProperties": false,
            "properties": {
              "from": { "$ref": "#/$defs/name" },
              "to": { "$ref": "#/$defs/name" },
              "style": { "$ref": "#/$defs/style" },
              "when": { "$ref": "#/$defs/condition" }
            }
          }
        },
        "deepLinks": {
          "type": "object",
          "required": ["schemes", "links"],
          "additionalProperties": false,
          "properties": {
            "schemes": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/name" } },
            "hosts": { "type": "array", "items": { "$ref": "#/$defs/name" } },
            "links": {
              "type": "array",
              "items": {
                "type": "object",
                "required": ["pattern", "route"],
                "additionalProperties": false,
                "properties": {
                  "pattern": { "type": "string", "minLength": 1 },
                  "route": { "$ref": "#/$defs/name" },
                  "tab": { "$ref": "#/$defs/name" },
                  "stack": { "type": "array", "items": { "$ref": "#/$defs/name" } },
                  "modal": {
                    "type": "object",
                    "required": ["style", "routes"],
                    "additionalProperties": false,
                    "properties": {
                      "style": { "enum": ["sheet", "cover"] },
                      "routes": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/name" } }
                    }
                  },
                  "requires": { "$ref": "#/$defs/condition" },
                  "whenUnmet": { "enum": ["pend", "reject"] },
                  "samples": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["url", "expect"],
                      "additionalProperties": false,
                      "properties": {
                        "url": { "type": "string" },
                        "expect": { "enum": ["plan", "pending", "rejected", "unhandled"] }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "invariants": { "type": "object", "additionalProperties": { "$ref": "#/$defs/condition" } },
        "bounds": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "maxStackDepth": { "type": "integer", "minimum": 1, "maximum": 64 },
            "maxModalDepth": { "type": "integer", "minimum": 0, "maximum": 16 },
            "maxStates": { "type": "integer", "minimum": 1, "maximum": 500000000 },
            "maxMemory": { "type": ["string", "integer"], "pattern": "^[0-9.]+ ?([KMGT]i?B|[kmgt]i?b|[KMGTkmgt])?$", "minimum": 1000000 }
          }
        }
      },
      "$defs": {
        "name": { "type": "string", "minLength": 1, "pattern": "^\\S+$" },
        "value": { "type": ["string", "integer", "number", "boolean"] },
        "condition": {
          "type": ["string", "boolean"],
          "description": "A condition, e.g. 'top == checkout implies signedIn'; see the README's grammar."
        },
        "style": { "enum": ["push", "sheet", "cover", "replace"] },
        "step": {
          "oneOf": [
            { "enum": ["back", "dismiss", "dismissAll", "popToRoot"] },
            {
              "type": "object",
              "minProperties": 1,
              "maxProperties": 1,
              "additionalProperties": false,
              "properties": {
                "push": { "$ref": "#/$defs/name" },
                "sheet": { "$ref": "#/$defs/name" },
                "cover": { "$ref": "#/$defs/name" },
                "replace": { "$ref": "#/$defs/name" },
                "tab": { "$ref": "#/$defs/name" }
              }
            }
          ]
        }
      }
    }
    """#
}
