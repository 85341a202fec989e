#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace dossier::auth {

// What accepting one SPNEGO token (RFC 4559) against a keytab gave.
struct NegotiateOutcome {
  bool accepted = false;
  std::string principal;  // "alice@EXAMPLE.ORG", when accepted
  std::string reply;      // the token for the client to check the server by (mutual), raw bytes
  std::string problem;    // GSSAPI's own words, for the log, when not
  bool expired = false;   // the ticket or the credentials it was made from had expired
};

// Accepts a Negotiate token with MIT GSSAPI, in one round (Kerberos through SPNEGO; NTLM, which
// would need a second round, is refused). servicePrincipal empty: whichever key of the keytab the
// ticket was made for. GSSAPI's own replay cache is not used: the caller spends each token once in
// the database, which holds across processes. The only file that includes <gssapi.h>.
NegotiateOutcome acceptNegotiateToken(const std::filesystem::path& keytab,
                                      const std::string& servicePrincipal, std::string_view token);

}  // namespace dossier::auth
