import Foundation

/// Picks the target, then hands over to libFuzzer, or replays files without it.
enum FuzzMain {
    /// Also set for libFuzzer's child processes (`-fork`, `-minimize_crash`), which re-run argv without TARGET.
    static let targetVariable = "MIRROR_BOT_FUZZ_TARGET"

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        let name: String
        if arguments.count > 1, FuzzTarget.named(arguments[1]) != nil {
            name = arguments.remove(at: 1)
        } else if let inherited = ProcessInfo.processInfo.environment[targetVariable] {
            name = inherited
        } else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 64
        }
        guard let target = FuzzTarget.named(name) else {
            FileHandle.standardError.write(Data("unknown fuzz target '\(name)'\n\(usage)\n".utf8))
            return 64
        }
        setenv(targetVariable, name, 1)
        FuzzTarget.selected = target
        if let driver = LibFuzzer.driver() {
            return LibFuzzer.run(driver, arguments: arguments)
        }
        return replay(target, paths: arguments.dropFirst().filter { !$0.hasPrefix("-") })
    }

    static var usage: String {
        "usage: mirror-bot-fuzz TARGET [libFuzzer options] [corpus...]\ntargets:\n"
            + FuzzTarget.all.map { "  \($0.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \($0.about)" }.joined(separator: "\n")
    }

    /// Runs every file (or every file in every folder) once; a failure traps as under the fuzzer.
    static func replay(_ target: FuzzTarget, paths: [String]) -> Int32 {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
                return 66
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            data.withUnsafeBytes { target.run($0) }
        }
        print("\(target.name): replayed \(files.count) inputs without libFuzzer (build with scripts/fuzz.sh to fuzz)")
        return 0
    }
}
