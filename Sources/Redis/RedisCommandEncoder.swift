/// Encodes commands as RESP (an array of bulk strings), binary safe, no format strings:
/// `*<count>\r\n`, then `$<length>\r\n<bytes>\r\n` an argument, the bytes hiredis's
/// `redisFormatCommandArgv` writes (`RedisCommandEncoderTests` holds the two to the same bytes).
/// Written here rather than by hiredis (issue 30, fourth pass: copying each argument into C
/// memory for hiredis, a classify batch's thousands of features, was a third of its round trip).
///
///     var request: [UInt8] = []
///     try RedisCommandEncoder.append([Array("GET".utf8), Array("k".utf8)], to: &request)
///     // "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n"
enum RedisCommandEncoder {
    static func append(_ arguments: [[UInt8]], to request: inout [UInt8]) throws {
        guard !arguments.isEmpty else {
            throw RedisError(kind: .unexpectedReply, message: "empty command")
        }
        request.reserveCapacity(request.count + arguments.reduce(16) { $0 + $1.count + 16 })
        appendHeader(UInt8(ascii: "*"), arguments.count, to: &request)
        for argument in arguments {
            appendHeader(UInt8(ascii: "$"), argument.count, to: &request)
            request.append(contentsOf: argument)
            request.append(UInt8(ascii: "\r"))
            request.append(UInt8(ascii: "\n"))
        }
    }

    /// `<type><count in decimal>\r\n`.
    private static func appendHeader(_ type: UInt8, _ count: Int, to request: inout [UInt8]) {
        request.append(type)
        var digits: [UInt8] = []
        var rest = count
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        request.append(contentsOf: digits.reversed())
        request.append(UInt8(ascii: "\r"))
        request.append(UInt8(ascii: "\n"))
    }
}
