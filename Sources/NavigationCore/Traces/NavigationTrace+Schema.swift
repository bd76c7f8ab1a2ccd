extension NavigationTrace {
    /// The JSON Schema of one line of a trace file (draft 2020-12), published as
    /// `Schemas/navgraph-trace-1.schema.json` and printed by `navgraph schema trace`.
    public static let jsonSchema: String = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "NavGraph navigation trace line, version 1",
  "description": "One line of a trace file (JSON lines): a step an app recorded, with the state it left visible. A launch line starts each trace; `navgraph conform` replays the steps through a graph.",
  "type": "object",
  "oneOf": [
    {
      "type": "object",
      "description": "Starts a trace at the graph's launch state.",
      "required": [
        "do",
        "version"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "launch",
          "description": "What happened."
        },
        "version": {
          "const": 1,
          "description": "The trace format version; 1 is the only one."
        },
        "trace": {
          "type": "string",
          "description": "The trace's id (a session id), used in reports."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "A push, a replace of the visible top, or a request of a route from its owner.",
      "required": [
        "do",
        "route"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "enum": [
            "push",
            "replace",
            "request"
          ],
          "description": "What happened."
        },
        "route": {
          "$ref": "#/$defs/route",
          "description": "The route shown: a declared transition from the visible top to it is taken."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "A modal presentation.",
      "required": [
        "do",
        "route"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "present",
          "description": "What happened."
        },
        "route": {
          "$ref": "#/$defs/route",
          "description": "The route shown: a declared transition from the visible top to it is taken."
        },
        "style": {
          "type": "string",
          "description": "The modal style (`sheet`, `cover`, …); left out, any modal transition matches."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "System Back (pop the visible stack), swiping the topmost sheet away, or resuming the pending deep link.",
      "required": [
        "do"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "enum": [
            "back",
            "dismiss",
            "resume"
          ],
          "description": "What happened."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "A tab tapped.",
      "required": [
        "do",
        "tab"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "selectTab",
          "description": "What happened."
        },
        "tab": {
          "type": "string",
          "description": "The tab's name."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "A declared event fired.",
      "required": [
        "do",
        "event"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "event",
          "description": "What happened."
        },
        "event": {
          "type": "string",
          "description": "The event's declared name."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "A deep link opened.",
      "required": [
        "do",
        "url"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "open",
          "description": "What happened."
        },
        "url": {
          "type": "string",
          "description": "The URL."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "Several actions the app ran as one step (a NavigationStore batch or committed transaction): replayed in order, the state compared after the last.",
      "required": [
        "do",
        "steps"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "batch",
          "description": "What happened."
        },
        "steps": {
          "type": "array",
          "minItems": 1,
          "description": "The actions, in order, each an object as on a line of its own without its state; not launch or batch.",
          "items": {
            "type": "object",
            "description": "One action.",
            "required": [
              "do"
            ],
            "properties": {
              "do": {
                "description": "What happened.",
                "enum": [
                  "push",
                  "present",
                  "replace",
                  "request",
                  "back",
                  "dismiss",
                  "selectTab",
                  "event",
                  "open",
                  "resume",
                  "command"
                ]
              }
            }
          }
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    },
    {
      "type": "object",
      "description": "Any other command the app ran: no graph offers it, so replaying it diverges.",
      "required": [
        "do",
        "command"
      ],
      "additionalProperties": false,
      "properties": {
        "do": {
          "const": "command",
          "description": "What happened."
        },
        "command": {
          "type": "string",
          "description": "The command, described."
        },
        "state": {
          "$ref": "#/$defs/state",
          "description": "What was visible after the step. Every field is optional; fields left out are not compared."
        }
      }
    }
  ],
  "$defs": {
    "route": {
      "description": "A route: its declared name, or an object with the name and its parameter values.",
      "oneOf": [
        {
          "type": "string",
          "description": "A route without parameters, by name."
        },
        {
          "type": "object",
          "description": "A route with parameter values.",
          "required": [
            "name"
          ],
          "additionalProperties": false,
          "properties": {
            "name": {
              "type": "string",
              "description": "The route's declared name."
            },
            "with": {
              "type": "object",
              "description": "Each declared parameter's value, by parameter name.",
              "additionalProperties": {
                "oneOf": [
                  {
                    "type": "string"
                  },
                  {
                    "type": "number"
                  },
                  {
                    "type": "boolean"
                  }
                ]
              }
            }
          }
        }
      ]
    },
    "stack": {
      "type": "array",
      "description": "A stack's routes, root first.",
      "items": {
        "$ref": "#/$defs/route"
      }
    },
    "state": {
      "type": "object",
      "description": "The visible navigation state; each field left out is not compared.",
      "additionalProperties": false,
      "properties": {
        "tab": {
          "type": "string",
          "description": "The selected tab."
        },
        "stack": {
          "$ref": "#/$defs/stack",
          "description": "The selected tab's stack, root first, modals apart."
        },
        "stacks": {
          "type": "object",
          "description": "Stacks by tab name; tabs left out are not compared.",
          "additionalProperties": {
            "$ref": "#/$defs/stack"
          }
        },
        "modals": {
          "type": "array",
          "description": "The visible modal layers, bottom first; an empty array says none is shown.",
          "items": {
            "type": "object",
            "required": [
              "style",
              "stack"
            ],
            "additionalProperties": false,
            "properties": {
              "style": {
                "type": "string",
                "description": "The layer's modal style (`sheet`, `cover`, …)."
              },
              "stack": {
                "$ref": "#/$defs/stack",
                "description": "The layer's routes, root first."
              }
            }
          }
        },
        "flags": {
          "type": "object",
          "description": "Flag values by name; flags left out are not compared.",
          "additionalProperties": {
            "type": "boolean"
          }
        }
      }
    }
  }
}
"""#
}
