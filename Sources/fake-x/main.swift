print("fake-x")
