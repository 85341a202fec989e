-- Records that a complaint has been acknowledged: it goes to the complainant, so one must be
-- chosen.
if record.complainant == nil then
  dossier.refuse("Choose the complainant first: the acknowledgement goes to them.")
end
dossier.notify("success", "Acknowledgement of " .. dossier.id .. " recorded.")
