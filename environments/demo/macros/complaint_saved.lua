-- After a complaint is saved.

-- An urgent complaint needs someone to come back to it.
if record.urgent and (record.followUpAt == nil or record.followUpAt == "") then
  dossier.alert("warning", "This complaint is urgent and has no follow-up time yet.")
end

-- Closing one is worth a note in the notifications of whoever closed it.
if record.status == "CLOSED" and dossier.id ~= "" then
  dossier.notify("success", "Complaint " .. dossier.id .. " is closed.")
end
