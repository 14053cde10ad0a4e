/// `[--days N] [--check]`, as the simulated-week benchmarks (cost-week, pace-report) take them.
struct DaysArguments {
    var days = 7
    var check = false

    init(_ arguments: [String], usage: String) throws {
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--days":
                index += 1
                guard index < arguments.count, let value = Int(arguments[index]), (1...60).contains(value) else {
                    throw BenchError("'--days' expects a number from 1 to 60\n\(usage)")
                }
                days = value
            case "--check": check = true
            default: throw BenchError("unexpected argument '\(arguments[index])'\n\(usage)")
            }
            index += 1
        }
    }
}
