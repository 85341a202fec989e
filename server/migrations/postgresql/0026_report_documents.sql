-- A report filed in a case (POST /reports/file) is a document like any other — its file is the
-- report as a PDF, made when it was filed — that also remembers which report it is and the filter
-- values it was run with (spec 2 §3 "Document preview data (report)": documentGuid, reportCode,
-- data). Its preview can then show the report as it is now beside the copy filed. Both NULL for
-- every other document; written once, by documents/document_writer.cpp, when it is created.
ALTER TABLE documents ADD COLUMN report_code TEXT;
ALTER TABLE documents ADD COLUMN report_data TEXT;
