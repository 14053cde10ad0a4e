import FakeHTTP
import Testing

@Suite("FakeScheduleLines: what the fake servers print as their scheduled entries play")
struct FakeScheduleLinesTests {
    @Test("accounts by @name where the seed names them (the first name of an id given twice), else by id")
    func lines() {
        let lines = FakeScheduleLines(server: "fake-misskey", accounts: [("9a", "alice"), ("9b", "bob"), ("9a", "alias")])
        #expect(lines.started(entries: 3) == "fake-misskey schedule started entries=3")
        #expect(lines.post("id", "9zz", by: "9a", text: "hi \"there\"") == #"fake-misskey scheduled post id=9zz author=@alice text="hi \"there\"""#)
        #expect(lines.like(by: "9c", subject: "9zz") == "fake-misskey scheduled like by=9c subject=9zz")
    }
}
