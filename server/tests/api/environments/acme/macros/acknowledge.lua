-- Records the acknowledgement of a complaint; one marked [noack] has nowhere to send it.
if record.title and string.find(record.title, "[noack]", 1, true) then
  dossier.refuse("There is no address to send the acknowledgement to.")
end
dossier.notify("info", "Acknowledgement recorded for " .. dossier.id)
dossier.alert("success", "Acknowledgement recorded.", 10)
