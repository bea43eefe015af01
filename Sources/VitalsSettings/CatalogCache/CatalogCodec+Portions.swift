import VitalsKit

/// The DragonHealth day (`PortionBook`) in the compiled catalog cache; see `CatalogCodec`.
extension CacheWriter {
    mutating func portions(_ book: PortionBook) {
        array(book.categories) { w, c in
            w.string(c.id)
            w.string(c.name)
            w.optional(c.icon) { $0.string($1) }
            w.optional(c.color) { $0.string($1) }
            w.string(c.unit.rawValue)
            w.string(c.seriesID)
            w.target(c.target)
            w.bool(c.isEnabled)
            w.int(c.order)
            w.optional(c.portionGrams) { $0.double($1) }
            w.optional(c.portionMillilitres) { $0.double($1) }
            w.location(c.location)
            w.keyLocations(c.keyLocations)
        }
        array(book.mealSlots) { w, s in
            w.string(s.id)
            w.string(s.name)
            w.optional(s.icon) { $0.string($1) }
            w.int(s.fromMinutes)
            w.array(s.aliases) { $0.string($1) }
            w.array(s.guidance) {
                $0.string($1.categoryID)
                $0.double($1.amount)
            }
            w.location(s.location)
            w.keyLocations(s.keyLocations)
        }
        array(book.foods) { w, f in
            w.string(f.id)
            w.string(f.name)
            w.array(f.counts) {
                $0.string($1.categoryID)
                $0.double($1.portions)
            }
            w.optional(f.grams) { $0.double($1) }
            w.optional(f.millilitres) { $0.double($1) }
            w.optional(f.notes) { $0.string($1) }
            w.bool(f.isFavorite)
            w.location(f.location)
            w.keyLocations(f.keyLocations)
        }
        array(book.budgets) { w, b in
            w.string(b.id)
            w.string(b.name)
            w.string(b.seriesID)
            w.double(b.amount)
            switch b.period {
            case .day: w.u8(0)
            case .week(let start):
                w.u8(1)
                w.int(start)
            case .month: w.u8(2)
            case .days(let count, let anchor):
                w.u8(3)
                w.int(count)
                w.int(anchor.dayNumber)
            }
            w.location(b.location)
            w.keyLocations(b.keyLocations)
        }
        array(book.declarations) {
            $0.string($1.kind)
            $0.string($1.id)
            $0.location($1.location)
        }
    }
}

extension CacheReader {
    mutating func portions() throws -> PortionBook {
        var book = PortionBook()
        for category in try array({ r in
            PortionCategory(
                id: try r.string(), name: try r.string(), icon: try r.optionalString(), color: try r.optionalString(),
                unit: try r.raw(BaseUnit.self), seriesID: try r.string(), target: try r.target(),
                isEnabled: try r.bool(), order: try r.int(),
                portionGrams: try r.optional { try $0.double() },
                portionMillilitres: try r.optional { try $0.double() },
                location: try r.location(), keyLocations: try r.keyLocations())
        }) { guard book.add(category) else { throw CacheBytesError.invalid("category") } }
        for slot in try array({ r in
            MealSlot(
                id: try r.string(), name: try r.string(), icon: try r.optionalString(), fromMinutes: try r.int(),
                aliases: try r.array { try $0.string() },
                guidance: try r.array { (categoryID: try $0.string(), amount: try $0.double()) },
                location: try r.location(), keyLocations: try r.keyLocations())
        }) { guard book.add(slot) else { throw CacheBytesError.invalid("meal slot") } }
        for food in try array({ r in
            Food(
                id: try r.string(), name: try r.string(),
                counts: try r.array { (categoryID: try $0.string(), portions: try $0.double()) },
                grams: try r.optional { try $0.double() }, millilitres: try r.optional { try $0.double() },
                notes: try r.optionalString(), isFavorite: try r.bool(),
                location: try r.location(), keyLocations: try r.keyLocations())
        }) { guard book.add(food) else { throw CacheBytesError.invalid("food") } }
        for budget in try array({ r in
            let id = try r.string()
            let name = try r.string()
            let seriesID = try r.string()
            let amount = try r.double()
            let period: Budget.Period
            switch try r.u8() {
            case 0: period = .day
            case 1: period = .week(weekStart: try r.int())
            case 2: period = .month
            case 3: period = .days(count: try r.int(), anchor: LocalDate(dayNumber: try r.int()))
            default: throw CacheBytesError.invalid("budget period")
            }
            return Budget(
                id: id, name: name, seriesID: seriesID, amount: amount, period: period,
                location: try r.location(), keyLocations: try r.keyLocations())
        }) { guard book.add(budget) else { throw CacheBytesError.invalid("budget") } }
        book.declarations = try array { r in
            PortionBook.Declaration(kind: try r.string(), id: try r.string(), location: try r.location())
        }
        return book
    }
}
