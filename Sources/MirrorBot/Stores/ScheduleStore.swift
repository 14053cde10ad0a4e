/// Everything the scheduler keeps, in one store (PostgreSQL): the human's rhythm,
/// the plans and their slots, the picker and the bot's texts.
public typealias ScheduleStore = RhythmSource & PlanStore & SlotClaims & PostPicker & BotTextStore
