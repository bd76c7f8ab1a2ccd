import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries NavGraph's macros.
@main
struct NavGraphMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [GraphRoutesMacro.self]
}
