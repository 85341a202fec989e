-- Before a person leaves a complaint's form: an urgent complaint is not left without a follow-up
-- time. A new, unsaved complaint may always be left.
if not dossier.isNew and record.urgent and (record.followUpAt == nil or record.followUpAt == "") then
  dossier.refuse("Set a follow-up time for this urgent complaint before you leave it.")
end
