import CHiredis

/// Encodes commands as RESP (an array of bulk strings) with hiredis's own
/// formatter: binary safe, no format strings.
///
///     var request: [UInt8] = []
///     try RedisCommandEncoder.append([Array("GET".utf8), Array("k".utf8)], to: &request)
///     // "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n"
enum RedisCommandEncoder {
    static func append(_ arguments: [[UInt8]], to request: inout [UInt8]) throws {
        guard !arguments.isEmpty else {
            throw RedisError(kind: .unexpectedReply, message: "empty command")
        }
        var formatted: UnsafeMutablePointer<CChar>?
        let length = withArgv(arguments) { count, argv, lengths in
            redisFormatCommandArgv(&formatted, count, argv, lengths)
        }
        guard let formatted else {
            throw RedisError(kind: .unexpectedReply, message: "could not format the command (out of memory)")
        }
        defer { redisFreeCommand(formatted) }
        guard length >= 0 else {
            throw RedisError(kind: .unexpectedReply, message: "could not format the command (out of memory)")
        }
        request.append(contentsOf: UnsafeRawBufferPointer(start: formatted, count: Int(length)))
    }

    /// Calls `body` with a C argument vector and lengths; the copies are freed afterwards.
    private static func withArgv<R>(
        _ arguments: [[UInt8]],
        _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R
    ) -> R {
        let copies: [UnsafeMutablePointer<CChar>] = arguments.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            bytes.withUnsafeBytes { source in
                if let base = source.baseAddress {
                    UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        var argv: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        let lengths: [Int] = arguments.map(\.count)
        return argv.withUnsafeMutableBufferPointer { argvBuffer in
            lengths.withUnsafeBufferPointer { lengthBuffer in
                // Never nil: `append` refuses an empty command.
                body(Int32(arguments.count), argvBuffer.baseAddress!, lengthBuffer.baseAddress!)
            }
        }
    }
}
