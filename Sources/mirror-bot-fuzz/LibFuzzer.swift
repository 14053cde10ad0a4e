import Foundation

/// libFuzzer's entry `LLVMFuzzerRunDriver`, looked up at run time: scripts/fuzz.sh
/// links `libclang_rt.fuzzer_no_main` (with `-u LLVMFuzzerRunDriver` and the symbol
/// exported); a normal build has no such symbol and replays files instead.
enum LibFuzzer {
    typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    typealias Driver = @convention(c) (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, Callback
    ) -> Int32

    static func driver() -> Driver? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") else { return nil }
        return unsafeBitCast(symbol, to: Driver.self)
    }

    /// Runs libFuzzer with `arguments` (argv[0] first); the strings live as long as the process.
    static func run(_ driver: Driver, arguments: [String]) -> Int32 {
        var count = Int32(arguments.count)
        let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { vector[index] = strdup(argument) }
        vector[arguments.count] = nil
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
        return driver(&count, &argv) { data, size in
            FuzzTarget.selected?.run(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
    }
}
