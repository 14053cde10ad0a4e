import APIClientCore
import Foundation

extension ATProtoSyntax {
    /// The instant an AT Protocol datetime names (`isDatetime`), or nil when it is not one.
    public static func date(_ string: String) -> Date? {
        isDatetime(string) ? ISO8601Timestamp.parse(string) : nil
    }
}
