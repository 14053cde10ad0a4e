import CHiredis

extension RedisValue {
    /// Copies a hiredis reply (and its elements) into Swift. The caller frees `reply`.
    init(reply: UnsafePointer<redisReply>) {
        let raw = reply.pointee
        switch raw.type {
        case REDIS_REPLY_STRING:
            self = .bulk(Self.bytes(raw.str, raw.len))
        case REDIS_REPLY_STATUS:
            self = .status(String(decoding: Self.bytes(raw.str, raw.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(raw.str, raw.len), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            self = .integer(Int64(raw.integer))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisValue] = []
            elements.reserveCapacity(raw.elements)
            for index in 0..<raw.elements {
                if let vector = raw.element, let element = vector[index] {
                    elements.append(RedisValue(reply: element))
                } else {
                    elements.append(.null)
                }
            }
            self = .array(elements)
        default:
            // REDIS_REPLY_NIL, and anything a newer hiredis might add.
            self = .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> [UInt8] {
        guard let pointer, length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }
}
