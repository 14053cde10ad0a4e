/// One entry of `account-timezone.js`: `{"accountTimezone": {"accountId", "timeZone"?}}`.
/// X writes Rails' zone names ("Tokyo", "Berlin", "Pacific Time (US & Canada)"), not IANA ones,
/// and may leave `timeZone` out; the import reports it and TIME_ZONE decides.
struct ArchiveTimeZone: Decodable {
    var timeZone: String?

    private enum Wrapper: String, CodingKey { case accountTimezone }
    private enum Field: String, CodingKey { case timeZone }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.archiveEntry(wrappedIn: Wrapper.accountTimezone, keyedBy: Field.self)
        timeZone = (try? fields.decodeIfPresent(String.self, forKey: .timeZone)).flatMap { $0 }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
