import Foundation

/// Failures starting the fake server or loading its seed.
public enum FakeXServerError: Error, CustomStringConvertible {
    case socket(String, Int32)
    case seed(String)

    public var description: String {
        switch self {
        case .socket(let call, let code): "fake-x: \(call) failed (errno \(code))"
        case .seed(let detail): "fake-x: bad seed: \(detail)"
        }
    }
}
