import MirrorBot
import Postgres

extension PostWarning {
    /// A row's `content_warning` and `sensitivity` (selected as `array_to_string(sensitivity, ',')`);
    /// nil when it has neither. A label this version does not know is not read.
    static func stored(in row: PostgresRow) -> PostWarning? {
        let labels = (row["sensitivity"] ?? "").split(separator: ",").compactMap { SensitivityLabel(rawValue: String($0)) }
        return PostWarning.from(text: row["content_warning"], labels: labels)
    }
}
