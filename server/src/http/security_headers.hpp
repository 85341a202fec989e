#pragma once

namespace dossier::http {

struct Response;

// The headers of DESIGN §6, added to every response: files, API answers and errors alike. A
// response that set its own Content-Security-Policy (a sandboxed preview) keeps it.
void applySecurityHeaders(Response& response);

}  // namespace dossier::http
