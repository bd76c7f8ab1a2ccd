import Foundation
import NavGraphTestSupport

/// Type-checks Swift files against the modules this test bundle was built with, using the
/// `swiftc` of the toolchain that built them (another compiler could not read the modules).
struct SwiftTypeChecker {
    /// What the compiler said.
    struct Outcome {
        let status: Int32
        let diagnostics: String
        var succeeded: Bool { status == 0 }
    }

    let compiler: [String]
    let searchPaths: [String]

    /// The compiler and module search paths of this build.
    static func current() throws -> SwiftTypeChecker {
        let modules = try modulesDirectory()
        var flags = ["-I", modules.path]
        // NavigationGraph imports Yams, whose C module a client must be able to find.
        if let map = yamlModuleMap(near: modules) { flags += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        #if os(macOS)
        #if arch(arm64)
        flags += ["-target", "arm64-apple-macosx14.0"]
        #else
        flags += ["-target", "x86_64-apple-macosx14.0"]
        #endif
        return SwiftTypeChecker(compiler: ["/usr/bin/xcrun", "swiftc"], searchPaths: flags)
        #else
        return SwiftTypeChecker(compiler: [try linuxCompiler()], searchPaths: flags)
        #endif
    }

    /// Runs `swiftc -typecheck` on `files` as one module, warnings as errors.
    func typecheck(_ files: [URL], moduleName: String = "Probe") throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler[0])
        process.arguments = Array(compiler.dropFirst()) + ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName]
            + searchPaths + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, diagnostics: String(decoding: data, as: UTF8.self))
    }

    /// The folder with the built `.swiftmodule`s: next to the test bundle (its path is the
    /// running executable on Linux, a loaded `.xctest` bundle on macOS), else the repository's
    /// `.build/debug`.
    private static func modulesDirectory() throws -> URL {
        var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        candidates += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        candidates.append(SampleGraphs.repositoryRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            for modules in [folder.appendingPathComponent("Modules"), folder]
            where FileManager.default.fileExists(atPath: modules.appendingPathComponent("NavigationCore.swiftmodule").path) {
                return modules
            }
        }
        throw TypeCheckerError(message: "no NavigationCore.swiftmodule next to the test bundle or under .build/debug; build with `swift build --build-tests`")
    }

    private static func yamlModuleMap(near modules: URL) -> URL? {
        var folder = modules
        for _ in 0..<5 {
            folder.deleteLastPathComponent()
            let map = folder.appendingPathComponent("checkouts/Yams/Sources/CYaml/include/module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { return map }
        }
        return nil
    }

    #if !os(macOS)
    /// The `swiftc` beside the Swift runtime this process loaded (`<toolchain>/usr/lib/swift/linux/
    /// libswiftCore.so` → `<toolchain>/usr/bin/swiftc`), else the first on `PATH`.
    private static func linuxCompiler() throws -> String {
        if let override = ProcessInfo.processInfo.environment["NAVGRAPH_SWIFTC"] { return override }
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
           let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
           let slash = line.firstIndex(of: "/") {
            let library = URL(fileURLWithPath: String(line[slash...]))
            let compiler = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("bin/swiftc")
            if FileManager.default.isExecutableFile(atPath: compiler.path) { return compiler.path }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let compiler = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: compiler) { return compiler }
        }
        throw TypeCheckerError(message: "no swiftc found beside the Swift runtime or on PATH; set NAVGRAPH_SWIFTC")
    }
    #endif
}

struct TypeCheckerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-codegen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
