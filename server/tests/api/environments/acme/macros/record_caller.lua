-- Makes the caller a person and a witness of the complaint, and files a note of the call; a
-- complaint marked [nameless] gives the caller no surname, which the person form refuses.
local surname = "Caller"
if string.find(record.title or "", "[nameless]", 1, true) then
  surname = nil
end
dossier.createRecord{
  entity = "Person", type = "IND", role = "WITNESS",
  values = {firstName = "Carl", surname = surname},
}
dossier.createDocument{title = "Call note", text = "Carl rang about " .. (record.title or "") .. "."}
