// Times the per-feature arithmetic of PooledBayes, formula 1 (weight 1 for every
// feature) against formula 2 (hasPrefix("@author:") picks weight 1 or 10), over the
// features `classify --jsonl` printed for real posts (counts made up, the same for both).
// Not part of the package. docs/BENCHMARKS.md has the figures.
//
//   swiftc -O docs/quality/pooled-arithmetic.swift -o /tmp/pooled-arithmetic
//   /tmp/pooled-arithmetic /tmp/q/with-author/test-auto-output.jsonl   # QUALITY_WORK=/tmp/q docs/quality/run.sh

import Foundation

let authorPrefix = "@author:"
struct Counts { var favorite: Int; var normal: Int }
func weighted(_ c: Counts, _ favorite: Bool, _ docs: Counts, _ w: Double) -> Double {
    let totals = Double(c.favorite + c.normal)
    let n = favorite ? docs.favorite : docs.normal
    let p = (totals + 1) / (Double(docs.favorite + docs.normal) + 2)
    let prob = Double(favorite ? c.favorite : c.normal) / Double(n)
    return (w * p + totals * prob) / (w + totals)
}
let path = CommandLine.arguments[1]
let text = try String(contentsOfFile: path, encoding: .utf8)
var posts: [[String]] = []
var counts: [String: Counts] = [:]
for line in text.split(separator: "\n") {
    guard let data = line.data(using: .utf8), let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let features = object["features"] as? [String] else { continue }
    posts.append(features)
    for (index, feature) in features.enumerated() {
        counts[feature, default: Counts(favorite: 0, normal: 0)].favorite += index % 3 == 0 ? 1 : 0
        counts[feature, default: Counts(favorite: 0, normal: 0)].normal += 1
    }
}
let docs = Counts(favorite: 1105, normal: 8302)
func run(_ newFormula: Bool) -> (Double, Double) {
    var sum = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<20 {
        for post in posts {
            for x in post {
                let c = counts[x] ?? Counts(favorite: 0, normal: 0)
                let w = newFormula ? (x.hasPrefix(authorPrefix) ? 1.0 : 10.0) : 1.0
                sum += log(weighted(c, true, docs, w)) - log(weighted(c, false, docs, w))
            }
        }
    }
    let ns = Double(DispatchTime.now().uptimeNanoseconds - start)
    return (ns / Double(20 * posts.count), sum)
}
for round in 0..<5 {
    let a = run(false), b = run(true)
    print("round \(round): formula 1 \(String(format: "%.2f", a.0 / 1000)) µs/post, formula 2 \(String(format: "%.2f", b.0 / 1000)) µs/post (checksums \(a.1 != 0), \(b.1 != 0))")
}
