import CHiredis
import Foundation

// C-argument helpers for `RedisConnection`.

/// A `Duration` as the `timeval` hiredis takes for its timeouts.
func timeval(_ duration: Duration) -> Glibc.timeval {
    let (seconds, attoseconds) = duration.components
    return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
}

/// Calls `body` with an argument vector and lengths for hiredis; copies are freed afterwards.
func withArgv<R>(
    _ args: [[UInt8]],
    _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R
) -> R {
    let copies: [UnsafeMutablePointer<CChar>] = args.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
        bytes.withUnsafeBytes { source in
            UnsafeMutableRawPointer(copy).copyMemory(from: source.baseAddress ?? UnsafeRawPointer(copy), byteCount: bytes.count)
        }
        return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    var argv: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
    let lengths: [Int] = args.map(\.count)
    return argv.withUnsafeMutableBufferPointer { argvBuffer in
        lengths.withUnsafeBufferPointer { lengthBuffer in
            body(Int32(args.count), argvBuffer.baseAddress!, lengthBuffer.baseAddress!)
        }
    }
}
