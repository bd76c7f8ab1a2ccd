extension GraphDocument {
    /// The JSON Schema (draft 2020-12) of graph documents, version ``version``.
    ///
    /// Editors use it for completion and checking: the repository keeps it as
    /// `Schemas/navgraph-1.schema.json`, and documents name it in their first line
    /// (`# yaml-language-server: $schema=../Schemas/navgraph-1.schema.json`). The
    /// `navgraph schema` command prints it. It has no `$id`: it is identified by its file. The loader is stricter than the schema where a rule
    /// spans fields (names that must be declared, parameters a pattern must capture); those
    /// are lint findings or load errors with positions.
    public static let jsonSchema: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "NavGraph graph document, version 1",
      "description": "An app's navigation as a graph: routes, tabs, flags, events, transitions, deep links, invariants, the bounds of exploration and the features it includes. Checked by `navgraph lint` and `navgraph verify`; this schema is what `navgraph schema` prints.",
      "type": "object",
      "required": ["navgraph", "name", "routes"],
      "additionalProperties": false,
      "properties": {
        "navgraph": { "const": 1, "description": "The document format version; 1 is the only one." },
        "name": { "$ref": "#/$defs/name", "description": "The graph's name, used in reports and as its reports folder's name." },
        "summary": { "type": "string", "description": "One or two sentences on what the graph models, shown at the top of its reports." },
        "root": { "$ref": "#/$defs/name", "description": "The root route of an app with one stack; not with tabs." },
        "tabs": {
          "type": "array",
          "minItems": 1,
          "description": "The app's tabs, in order; the first is selected at launch (or, when it is not shown then, the tab bar's fallback). Each tab has a stack of its own. Not with root.",
          "items": {
            "type": "object",
            "required": ["name", "root"],
            "additionalProperties": false,
            "properties": {
              "name": { "$ref": "#/$defs/name", "description": "The tab's name, as conditions write it (tab == feed)." },
              "root": { "$ref": "#/$defs/name", "description": "The route at the bottom of the tab's stack." },
              "when": { "$ref": "#/$defs/condition", "description": "When the tab bar shows the tab, e.g. 'signedIn'; always when absent. Selecting it is a step only while this holds; when it stops holding, a selected tab gives way to the tab bar's fallback (or, with hiddenSelection: stay, stays selected). Cannot say 'tab hidden'." },
              "reselect": { "enum": \#(SchemaVocabulary.tabReselections), "description": "What re-selecting this tab while it is selected does to its stack, where it differs from the tab bar's reselect: popToRoot goes back to its root, keep leaves it (an app whose re-tap scrolls to the top). The modals are dismissed either way." }
            }
          }
        },
        "tabBar": {
          "type": "object",
          "additionalProperties": false,
          "description": "How the tab bar behaves. By default as on an iPhone: no tab can be tapped while any modal is up, re-selecting a tab pops it to its root, and a hidden selected tab gives way to the first tab shown. Only with tabs.",
          "properties": {
            "tappableUnder": {
              "type": "array",
              "items": { "enum": \#(SchemaVocabulary.modalStyles) },
              "description": "The modal styles under which the user can still tap the tab bar, e.g. [sheet] for an iPad-style app; \#(SchemaVocabulary.everyModalStyleList) selects tabs under any modal (dismissing it)."
            },
            "fallback": { "$ref": "#/$defs/name", "description": "The tab selected when the selected tab stops being shown, if it is shown itself; otherwise the first tab shown." },
            "reselect": { "enum": \#(SchemaVocabulary.tabReselections), "default": "popToRoot", "description": "What re-selecting the selected tab (a tap, an event's { tab: t } step, a deep link's plan) does to its stack: popToRoot (the default, as UIKit's tab bar) goes back to its root, keep leaves it as it is (a SwiftUI TabView whose re-tap scrolls to the top). The modals are dismissed either way, as selecting any tab does. A tab may say otherwise." },
            "hiddenSelection": { "enum": \#(SchemaVocabulary.hiddenTabSelections), "default": "fallback", "description": "When the selected tab stops being shown: fallback (the default) moves the selection to the fallback tab (or the first tab shown); stay keeps it on the hidden tab, as a SwiftUI app's @State selectedTab does when the tab set changes. Under stay the condition 'tab hidden' can hold and the property 'selected tab is shown' is checked." }
          }
        },
        "modalScope": { "enum": \#(SchemaVocabulary.modalScopes), "description": "Whom a presented modal belongs to (window by default). window: the app's window, as a .sheet on the TabView; selecting another tab dismisses it. tab: the tab whose stack presented it, as a .sheet inside the tab's NavigationStack; selecting another tab hides it, selecting the tab again shows it, and dismiss and dismissAll act on the layers shown. A modal presented over a window modal belongs to the window. A route's own 'modalScope' overrides this. Only with tabs." },
        "routes": {
          "type": "object",
          "minProperties": 1,
          "description": "Every screen, by name. A route with nothing to say is written 'name: {}'.",
          "additionalProperties": {
            "oneOf": [
              { "type": "null" },
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "params": {
                    "type": "object",
                    "description": "The route's parameters, each with the sample values the explorer tries (every combination is a route of its own).",
                    "additionalProperties": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/value" }, "description": "Sample values of one parameter." }
                  },
                  "requires": { "$ref": "#/$defs/condition", "description": "The entry guard: a push, replace or presentation of this route runs only while it holds." },
                  "owner": {
                    "description": "Who presents the route when it is requested: a route's name, 'tab:<tab>' or 'app', or a list of them. A request walks out from the active scope and the nearest visible owner presents it.",
                    "oneOf": [
                      { "$ref": "#/$defs/name" },
                      { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/name" }, "description": "Several owners; the nearest visible one presents." }
                    ]
                  },
                  "style": { "enum": \#(SchemaVocabulary.ownershipStyles), "description": "How the owner presents the route (push by default). Only with 'owner'." },
                  "modalScope": { "enum": \#(SchemaVocabulary.modalScopes), "description": "Whom this route belongs to when it is presented as a modal, overriding the graph's 'modalScope': window for an app-level sheet among per-tab sheets, or tab for a per-tab sheet in an app whose modals are the window's." },
                  "priority": { "enum": ["normal", "high"], "description": "A high-priority \#(SchemaVocabulary.spokenModalStyles) covers every modal, and while it is up, normal requests that would reach below it are dropped (normal by default). Only with 'owner'." },
                  "otherwise": {
                    "description": "What the guard does when the condition is false: cancel the command (the default), or redirect to another route.",
                    "oneOf": [
                      { "const": "cancel", "description": "Cancel the command that would show the route." },
                      {
                        "type": "object",
                        "required": ["redirect"],
                        "additionalProperties": false,
                        "description": "Show another route instead.",
                        "properties": {
                          "redirect": { "$ref": "#/$defs/name", "description": "The route shown instead." },
                          "with": { "$ref": "#/$defs/routeValue", "description": "The one value of the redirect route shown, e.g. { reason: compose }; without it, its first sample." },
                          "style": { "$ref": "#/$defs/style", "description": "How the redirect target is shown (push by default)." }
                        }
                      }
                    ]
                  }
                }
              }
            ]
          }
        },
        "groups": {
          "type": "object",
          "description": "Named sets of routes, e.g. editors: [newStatus, reply, quote]. A transition from or to a group stands for one transition per member; in a condition a group means any member ('stack contains editors', 'top == editors'). A group may not share a route's name.",
          "additionalProperties": {
            "type": "array",
            "minItems": 1,
            "items": { "$ref": "#/$defs/name" },
            "description": "The group's routes, each once."
          }
        },
        "flags": {
          "type": "object",
          "description": "App flags such as signedIn, each with its value at launch; conditions read them, events set them.",
          "additionalProperties": { "type": "boolean", "description": "The flag's value at launch." }
        },
        "events": {
          "type": "object",
          "description": "Things that happen outside navigation (sign in, sign out), by name: they set flags and may navigate.",
          "additionalProperties": {
            "oneOf": [
              { "type": "null" },
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "when": { "$ref": "#/$defs/condition", "description": "The event can happen only while this holds (always, when left out)." },
                  "set": { "type": "object", "description": "The flags the event sets, and to what.", "additionalProperties": { "type": "boolean", "description": "The flag's new value." } },
                  "then": {
                    "description": "Navigation the event performs after setting its flags: one step or a list.",
                    "oneOf": [
                      { "$ref": "#/$defs/step" },
                      { "type": "array", "items": { "$ref": "#/$defs/step" }, "description": "Steps, run in order." }
                    ]
                  }
                }
              }
            ]
          }
        },
        "transitions": {
          "type": "array",
          "description": "The navigation each screen allows: from a route on top, to a route, in a style.",
          "items": {
            "type": "object",
            "required": ["from"],
            "oneOf": [
              { "required": ["to"], "description": "A transition that shows its destination." },
              { "required": ["request"], "description": "A transition that requests its destination from the route's owner." }
            ],
            "additionalProperties": false,
            "properties": {
              "from": {
                "oneOf": [{ "$ref": "#/$defs/name" }, { "$ref": "#/$defs/routeList" }],
                "description": "The route on top when the transition can be taken, whatever its parameter values; a group (each member); a list of routes, e.g. [timeline, search] (each, as a group of them); or \"*\" for every route."
              },
              "to": {
                "oneOf": [{ "$ref": "#/$defs/name" }, { "$ref": "#/$defs/routeList" }],
                "description": "The route it shows: each of its declared samples, unless 'with' gives one value; a group (each member); or a list of routes, e.g. [profile, settings] (each, as a group of them; not with 'with')."
              },
              "request": { "oneOf": [{ "$ref": "#/$defs/name" }, { "$ref": "#/$defs/routeList" }], "description": "Request this route instead of showing it: its nearest visible owner presents it in the style its route declares, or the request is dropped. Not with 'to' or 'style'." },
              "with": {
                "type": "object",
                "minProperties": 1,
                "description": "The one value the transition shows, by parameter, e.g. { id: me }: every parameter of 'to', each one of its sample values. Without it, the transition shows each declared sample of 'to'.",
                "additionalProperties": { "$ref": "#/$defs/value" }
              },
              "style": { "$ref": "#/$defs/style", "description": "\#(SchemaVocabulary.spokenTransitionStyles)." },
              "when": { "$ref": "#/$defs/condition", "description": "The transition is offered only while this holds." },
              "reroute": {
                "type": "object",
                "required": ["to", "when"],
                "additionalProperties": false,
                "description": "The move fails with 'reroute to X' while 'when' holds: X is requested from its owner and the move is tried once more: at once if it can run then, else once X's flow ends (its modal dismissed, or X popped); a retry that reroutes again is given up.",
                "properties": {
                  "to": { "$ref": "#/$defs/name", "description": "The route requested when the move fails." },
                  "when": { "$ref": "#/$defs/condition", "description": "When the move fails." }
                }
              }
            }
          }
        },
        "deepLinks": {
          "type": "object",
          "required": ["schemes", "links"],
          "additionalProperties": false,
          "description": "The URLs the app opens, and where each takes it.",
          "properties": {
            "schemes": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/name" }, "description": "URL schemes the app accepts, e.g. [shop, https]." },
            "hosts": { "type": "array", "items": { "$ref": "#/$defs/name" }, "description": "Hosts accepted for web URLs, e.g. [shop.example]." },
            "underModals": { "enum": \#(SchemaVocabulary.underModals), "description": "The default 'underModals' of links with mode: push that do not say: dismiss (the default) or keep." },
            "match": {
              "description": "How strictly URLs are matched, as the app matches them: lenient (the default: scheme and host ignore case, unknown query items and a trailing slash are ignored), strict (all of them refused, as a whole-URL regex), or each part. A parameter says what it accepts in its pattern: /items/:id([A-Za-z0-9-]+).",
              "oneOf": [
                { "enum": ["strict", "lenient"] },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "caseSensitive": { "type": "array", "items": { "enum": \#(SchemaVocabulary.caseSensitiveParts) }, "description": "The parts compared with case (as written, with the lowercase names declared): a scheme or web host written otherwise is rejected." },
                    "unknownQuery": { "enum": \#(SchemaVocabulary.unknownQuery), "description": "ignore (the default), or reject: a query item the pattern does not capture leaves the URL unhandled." },
                    "trailingSlash": { "enum": \#(SchemaVocabulary.trailingSlash), "description": "ignore (the default), or reject: a path ending in '/' leaves the URL unhandled." }
                  }
                }
              ]
            },
            "links": {
              "type": "array",
              "description": "URL patterns, matched in order.",
              "items": {
                "type": "object",
                "required": ["pattern"],
                "oneOf": [
                  { "required": ["route"], "description": "A link that plans where it goes: the tab, stack and modal." },
                  { "required": ["request"], "description": "A link that requests its route from the route's nearest visible owner." }
                ],
                "additionalProperties": false,
                "properties": {
                  "pattern": { "type": "string", "minLength": 1, "description": "The path pattern: literal segments, :parameter captures (with literal text around them in one segment: /@:user, /:id.json; one parameter per segment), a final * wildcard, query captures. A parameter may say what it accepts: :id([A-Za-z0-9-]+), one bracket of ASCII characters and ranges, then +, {n}, {m,} or {m,n}; a value outside it fits no pattern." },
                  "route": { "$ref": "#/$defs/name", "description": "The route the link means; the pattern must capture each of its parameters." },
                  "request": { "$ref": "#/$defs/name", "description": "In place of 'route', and not with tab, stack, modal or mode: the route the link means, requested from its nearest visible owner, which decides where it shows; a request no owner presents is dropped. The pattern must capture each of its parameters." },
                  "tab": { "$ref": "#/$defs/name", "description": "The tab the link selects." },
                  "stack": { "type": "array", "items": { "$ref": "#/$defs/planEntry" }, "description": "The stack the link leaves, root first; the link's own route stands for the matched route." },
                  "modal": {
                    "type": "object",
                    "required": ["style", "routes"],
                    "additionalProperties": false,
                    "description": "A modal the link presents over the stack.",
                    "properties": {
                      "style": { "enum": \#(SchemaVocabulary.modalStyles), "description": "How the modal is presented." },
                      "routes": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/planEntry" }, "description": "The modal's stack, the presented route first." }
                    }
                  },
                  "mode": { "enum": ["replace", "push"], "description": "replace (the default): select the tab and replace its stack with 'stack'; push: keep the current tab's stack (or the stack of 'tab') and push 'stack' onto it." },
                  "underModals": { "enum": \#(SchemaVocabulary.underModals), "description": "Only with mode: push, on the selected tab: dismiss (the default, or the value under 'deepLinks') dismisses every modal before the push; keep pushes onto the selected tab's stack under the open modals, which stay up (the deep-links property reports the link landing where the user does not see it)." },
                  "set": { "type": "object", "additionalProperties": { "type": "boolean" }, "description": "Flags the link sets (true) or clears (false) when its plan runs, before it navigates and in the same transaction, e.g. { signedIn: true } for a sign-in callback link." },
                  "requires": { "$ref": "#/$defs/condition", "description": "What must hold before the link navigates." },
                  "whenUnmet": { "enum": ["pend", "reject"], "description": "When the requirement does not hold: park the link until it does (pend, the default), or reject it." },
                  "scheme": { "$ref": "#/$defs/name", "description": "The scheme reverse routing writes for this link's routes, one of 'schemes' (the first by default), e.g. https for links meant to be shared." },
                  "host": { "$ref": "#/$defs/name", "description": "The host reverse routing writes with a web scheme, one of 'hosts' (the first by default)." },
                  "samples": {
                    "type": "array",
                    "description": "URLs the explorer opens from every state, with what each must do.",
                    "items": {
                      "type": "object",
                      "required": ["url", "expect"],
                      "additionalProperties": false,
                      "properties": {
                        "url": { "type": "string", "description": "A whole URL, e.g. shop://products/1." },
                        "expect": {
                          "description": "What opening it must do: one outcome in every state, or outcomes by state (the first entry whose 'when' holds in the state it is opened from; the last entry has no 'when' and holds everywhere else).",
                          "oneOf": [
                            { "$ref": "#/$defs/linkOutcome" },
                            {
                              "type": "array",
                              "minItems": 1,
                              "items": {
                                "type": "object",
                                "required": ["outcome"],
                                "additionalProperties": false,
                                "properties": {
                                  "when": { "$ref": "#/$defs/condition", "description": "The states this outcome is expected in; omitted on the last entry only." },
                                  "outcome": { "$ref": "#/$defs/linkOutcome", "description": "What opening it does in those states." }
                                }
                              }
                            }
                          ]
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "invariants": {
          "type": "object",
          "description": "Conditions that must hold in every reachable state, by name.",
          "additionalProperties": { "$ref": "#/$defs/condition" }
        },
        "properties": {
          "type": "object",
          "description": "Properties over paths, by name (a name no invariant or built-in property has). '{ from, canReach }': from every reachable state where 'from' holds, a state where 'canReach' holds can be reached (the general form of no trap); the trace leads to a state from which it cannot. '{ after, never, until }': once 'after' holds, no state where 'never' holds comes before one where 'until' holds (without 'until': never again); the trace is the shortest way to such a state.",
          "additionalProperties": {
            "oneOf": [
              {
                "type": "object",
                "additionalProperties": false,
                "required": ["from", "canReach"],
                "properties": {
                  "from": { "$ref": "#/$defs/condition", "description": "Where the user is: every reachable state where this holds is judged." },
                  "canReach": { "$ref": "#/$defs/condition", "description": "Where the user must still be able to get to from there." }
                }
              },
              {
                "type": "object",
                "additionalProperties": false,
                "required": ["after", "never"],
                "properties": {
                  "after": { "$ref": "#/$defs/condition", "description": "What arms the property (e.g. signed out)." },
                  "never": { "$ref": "#/$defs/condition", "description": "What must not be reached while it is armed (e.g. an account screen on top)." },
                  "until": { "$ref": "#/$defs/condition", "description": "What releases it (e.g. signed in); without it the property stays armed." }
                }
              }
            ]
          }
        },
        "within": {
          "type": "object",
          "description": "Taps to reach: a route name, a group name or `all` (every route), mapped to the most user actions (taps on transitions, Back, swiping a sheet away, selecting a tab; not events or deep links) each route it names may need from launch. The `within` property fails with a shortest path when one needs more.",
          "additionalProperties": { "type": "integer", "minimum": 0, "maximum": 10000 }
        },
        "bounds": {
          "type": "object",
          "additionalProperties": false,
          "description": "How far the explorer looks. The depths are the model's scope; maxStates and maxMemory are budgets, and a search that reaches one is inconclusive.",
          "properties": {
            "maxStackDepth": { "type": "integer", "minimum": 1, "maximum": 64, "description": "The deepest stack explored (8 by default)." },
            "maxModalDepth": { "type": "integer", "minimum": 0, "maximum": 16, "description": "The most modal layers explored (2 by default)." },
            "maxStates": { "type": "integer", "minimum": 1, "maximum": 500000000, "description": "The most states stored (1,000,000 by default)." },
            "maxMemory": {
              "type": ["string", "integer"],
              "pattern": "^[0-9.]+ ?([KMGT]i?B|[kmgt]i?b|[KMGTkmgt])?$",
              "minimum": 1000000,
              "description": "The memory the search may use, e.g. 2GB or 512MiB, or bytes (half the machine's memory by default)."
            }
          }
        },
        "features": {
          "type": "object",
          "description": "Other graph documents included as features, by name. A feature's routes are named '<feature>.<route>' here (people.detail); the app enters a feature only at its entries and leaves it only through its exits, each wired below. Flags are shared with the app by name.",
          "additionalProperties": {
            "type": "object",
            "required": ["file"],
            "additionalProperties": false,
            "properties": {
              "file": { "type": "string", "minLength": 1, "description": "The feature's document, relative to this document's folder and inside it." },
              "exits": {
                "type": "object",
                "description": "Where each exit the feature declares leads: a route of this graph or another feature's entry (settings.main). Every exit must be wired.",
                "additionalProperties": { "$ref": "#/$defs/name" }
              }
            }
          }
        },
        "entries": {
          "type": "array",
          "minItems": 1,
          "items": { "$ref": "#/$defs/name" },
          "description": "When this graph is included as a feature: the routes the including graph may enter it at (its root when absent)."
        },
        "exits": {
          "type": "array",
          "items": { "$ref": "#/$defs/name" },
          "description": "When this graph is included as a feature: its named ways out. Transitions lead to an exit like to a route; the including graph wires each to a route. Verified alone, each exit is a terminal route."
        }
      },
      "$defs": {
        "name": { "type": "string", "minLength": 1, "pattern": "^\\S+$", "description": "A name: one word, no spaces." },
        "value": { "type": ["string", "integer", "number", "boolean"], "description": "A sample value." },
        "routeList": {
          "type": "array",
          "minItems": 1,
          "items": { "$ref": "#/$defs/name" },
          "description": "Routes written in place, meaning the same as a group of them: one transition per route, sources outer."
        },
        "condition": {
          "type": ["string", "boolean"],
          "description": "A condition, e.g. 'top == checkout implies signedIn', 'depth <= 6', 'stack contains login', 'modal == paywall', 'tab == profile and not signedIn', 'stack(home) contains thread', 'modals contains composer', 'below == timeline'. A group's name stands for any of its routes. A route with parameters stands for each of its samples, or one sample when values are written: 'top == account(id: me)', 'stack contains status(id: 2)'; a value that is not one word or number is quoted, \"alice smith\"."
        },
        "linkOutcome": { "enum": ["plan", "pending", "rejected", "unhandled"], "description": "What opening a deep link does." },
        "style": { "enum": \#(SchemaVocabulary.transitionStyles), "description": "How a route is shown: pushed on the stack, presented as \#(SchemaVocabulary.modalPhrases), replacing the route on top of the stack (the routes under it stay), or requested from its nearest visible owner." },
        "step": {
          "description": "One navigation step of an event.",
          "oneOf": [
            { "enum": ["back", "dismiss", "dismissAll", "popToRoot", "resetTabs"], "description": "A step without a route. resetTabs puts every tab's stack back to its root and dismisses the tabs' own modals (modalScope: tab), keeping the selection and the window's modals." },
            {
              "type": "object",
              "minProperties": 1,
              "maxProperties": 2,
              "additionalProperties": false,
              "oneOf": [\#(SchemaVocabulary.stepKeysOneOf)],
              "description": "A step to a route (with 'with' for one value of it), or selecting a tab: exactly one action.",
              "properties": {
    \#(SchemaVocabulary.stepProperties)
                "tab": { "$ref": "#/$defs/name", "description": "Select this tab." },
                "resetTabs": {
                  "description": "Put these tabs' stacks back to their roots and dismiss their own modals (modalScope: tab), keeping the selection; hidden tabs too.",
                  "oneOf": [{ "$ref": "#/$defs/name" }, { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "$ref": "#/$defs/name" } }]
                },
                "with": { "$ref": "#/$defs/routeValue", "description": "The one value of the step's route, e.g. { id: 2 }; without it, its first sample. Not with 'tab' or 'resetTabs'." }
              }
            }
          ]
        },
        "routeValue": {
          "type": "object",
          "minProperties": 1,
          "description": "One value of a route, by parameter, e.g. { id: 2 }: every parameter of the route, each one of its sample values.",
          "additionalProperties": { "$ref": "#/$defs/value" }
        },
        "planEntry": {
          "description": "A route of a deep link's plan: its name (its first sample; the link's own route is the matched one), or one value of another route.",
          "oneOf": [
            { "$ref": "#/$defs/name" },
            {
              "type": "object",
              "required": ["route", "with"],
              "additionalProperties": false,
              "properties": {
                "route": { "$ref": "#/$defs/name", "description": "The route." },
                "with": { "$ref": "#/$defs/routeValue", "description": "Its value, e.g. { user: me }." }
              }
            }
          ]
        }
      }
    }
    """#
}
