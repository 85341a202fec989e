-- After a complaint is saved: an urgent one notifies whoever saved it and raises a header alert;
-- a title with [crash] makes the macro fail (the save stands).
if record.title and string.find(record.title, "[crash]", 1, true) then
  error("the after-save check broke")
end
if record.urgent then
  dossier.notify("warning", "Urgent complaint " .. dossier.id .. " saved by " .. dossier.user)
  dossier.alert("warning", "This complaint is urgent.", 30)
end
