import Foundation

/// Finds a MeCab system dictionary (a folder that holds `sys.dic`).
///
/// Debian's `mecab-config --dicdir` names a folder that does not exist, and
/// `/etc/mecabrc` points at an alternatives link that another dictionary
/// package can take over, so the UTF-8 ipadic is looked for by path first.
public enum MeCabDictionary {
    /// Where system dictionaries live on Debian, Ubuntu, other Linuxes and Homebrew, best first.
    public static let searchPaths = [
        "/var/lib/mecab/dic/ipadic-utf8",
        "/var/lib/mecab/dic/debian",
        "/usr/lib/x86_64-linux-gnu/mecab/dic/ipadic-utf8",
        "/usr/lib/aarch64-linux-gnu/mecab/dic/ipadic-utf8",
        "/usr/lib/mecab/dic/ipadic-utf8",
        "/usr/lib64/mecab/dic/ipadic",
        "/usr/local/lib/mecab/dic/ipadic",
        "/opt/homebrew/lib/mecab/dic/ipadic",
        "/usr/lib/mecab/dic/ipadic",
    ]

    /// True when `path` is a folder with a compiled system dictionary in it.
    public static func isDictionary(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("sys.dic"))
    }

    /// The explicit path when given (it must be a dictionary), else the first found in `searchPaths`.
    public static func locate(_ explicitPath: String? = nil, searchPaths: [String] = searchPaths) throws -> String {
        if let explicitPath, !explicitPath.isEmpty {
            guard isDictionary(explicitPath) else {
                throw MeCabError(message: "no MeCab dictionary (sys.dic) in \"\(explicitPath)\"")
            }
            return explicitPath
        }
        if let found = searchPaths.first(where: isDictionary) {
            return found
        }
        throw MeCabError(
            message: "no MeCab dictionary found (looked in \(searchPaths.joined(separator: ", "))); "
                + "install mecab-ipadic-utf8 or set MECAB_DICDIR"
        )
    }
}
