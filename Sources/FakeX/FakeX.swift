// FakeX
