-- Before a complaint is saved: a title marked [refuse] is refused, a cost over 9,000 needs a
-- manager, and a title starting with "!" makes the complaint urgent.
if record.title and string.find(record.title, "[refuse]", 1, true) then
  dossier.refuse("Complaints marked [refuse] are not taken here.")
end
if record.estimatedCost and record.estimatedCost > 9000 then
  dossier.fieldError("estimatedCost", "A cost over 9,000 needs a manager's approval first.")
end
if record.title and string.sub(record.title, 1, 1) == "!" then
  dossier.setField("title", string.sub(record.title, 2))
  dossier.setField("urgent", true)
end
