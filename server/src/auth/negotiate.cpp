#include "auth/negotiate.hpp"

// Debian's com_err.h declares its functions without C linkage; first, before krb5.h includes it.
extern "C" {
#include <et/com_err.h>
}
#include <gssapi/gssapi.h>
#include <gssapi/gssapi_ext.h>
#include <gssapi/gssapi_krb5.h>
#include <krb5/krb5.h>

namespace dossier::auth {

namespace {

// GSSAPI's words for a status, major and minor, joined.
std::string describeStatus(OM_uint32 major, OM_uint32 minor) {
  std::string out;
  const auto append = [&](OM_uint32 code, int type) {
    OM_uint32 context = 0;
    do {
      OM_uint32 ignored = 0;
      gss_buffer_desc text = GSS_C_EMPTY_BUFFER;
      if (gss_display_status(&ignored, code, type, GSS_C_NO_OID, &context, &text) !=
          GSS_S_COMPLETE) {
        break;
      }
      if (!out.empty()) {
        out += "; ";
      }
      out.append(static_cast<const char*>(text.value), text.length);
      gss_release_buffer(&ignored, &text);
    } while (context != 0);
  };
  append(major, GSS_C_GSS_CODE);
  if (minor != 0) {
    append(minor, GSS_C_MECH_CODE);
  }
  return out;
}

// Releases what GSSAPI handed out, whichever way the acceptance ends.
struct Handles {
  gss_name_t acceptor = GSS_C_NO_NAME;
  gss_cred_id_t credentials = GSS_C_NO_CREDENTIAL;
  gss_ctx_id_t context = GSS_C_NO_CONTEXT;
  gss_name_t client = GSS_C_NO_NAME;
  gss_buffer_desc output = GSS_C_EMPTY_BUFFER;
  gss_buffer_desc name = GSS_C_EMPTY_BUFFER;

  Handles() = default;
  Handles(const Handles&) = delete;
  Handles& operator=(const Handles&) = delete;
  ~Handles() {
    OM_uint32 minor = 0;
    gss_release_buffer(&minor, &name);
    gss_release_buffer(&minor, &output);
    gss_release_name(&minor, &client);
    if (context != GSS_C_NO_CONTEXT) {
      gss_delete_sec_context(&minor, &context, GSS_C_NO_BUFFER);
    }
    gss_release_cred(&minor, &credentials);
    gss_release_name(&minor, &acceptor);
  }
};

// GSSAPI's mechanism glue renumbers minor codes, so an expired ticket is known by Kerberos' own
// words for it, in whatever language the library speaks here.
bool isExpiry(OM_uint32 major, const std::string& problem) {
  return GSS_ROUTINE_ERROR(major) == GSS_S_CREDENTIALS_EXPIRED ||
         GSS_ROUTINE_ERROR(major) == GSS_S_CONTEXT_EXPIRED ||
         problem.find(error_message(KRB5KRB_AP_ERR_TKT_EXPIRED)) != std::string::npos;
}

}  // namespace

NegotiateOutcome acceptNegotiateToken(const std::filesystem::path& keytab,
                                      const std::string& servicePrincipal, std::string_view token) {
  NegotiateOutcome out;
  Handles handles;
  OM_uint32 minor = 0;
  if (!servicePrincipal.empty()) {
    gss_buffer_desc name{servicePrincipal.size(), const_cast<char*>(servicePrincipal.data())};
    const auto major =
        gss_import_name(&minor, &name, GSS_KRB5_NT_PRINCIPAL_NAME, &handles.acceptor);
    if (GSS_ERROR(major)) {
      out.problem = "the service principal: " + describeStatus(major, minor);
      return out;
    }
  }
  const auto keytabPath = keytab.string();
  // "none": the token is spent once in the database instead (spent_proofs.hpp).
  gss_key_value_element_desc elements[] = {{"keytab", keytabPath.c_str()}, {"rcache", "none:"}};
  gss_key_value_set_desc store{2, elements};
  auto major = gss_acquire_cred_from(&minor, handles.acceptor, GSS_C_INDEFINITE, GSS_C_NO_OID_SET,
                                     GSS_C_ACCEPT, &store, &handles.credentials, nullptr, nullptr);
  if (GSS_ERROR(major)) {
    out.problem = "the keytab " + keytabPath + ": " + describeStatus(major, minor);
    return out;
  }
  gss_buffer_desc input{token.size(), const_cast<char*>(token.data())};
  OM_uint32 flags = 0;
  major = gss_accept_sec_context(&minor, &handles.context, handles.credentials, &input,
                                 GSS_C_NO_CHANNEL_BINDINGS, &handles.client, nullptr,
                                 &handles.output, &flags, nullptr, nullptr);
  if (GSS_ERROR(major)) {
    out.problem = describeStatus(major, minor);
    out.expired = isExpiry(major, out.problem);
    return out;
  }
  if (major & GSS_S_CONTINUE_NEEDED) {
    out.problem = "the token asks for a second round (NTLM?): only Kerberos is accepted";
    return out;
  }
  major = gss_display_name(&minor, handles.client, &handles.name, nullptr);
  if (GSS_ERROR(major)) {
    out.problem = "the client's name: " + describeStatus(major, minor);
    return out;
  }
  out.accepted = true;
  out.principal.assign(static_cast<const char*>(handles.name.value), handles.name.length);
  out.reply.assign(static_cast<const char*>(handles.output.value), handles.output.length);
  return out;
}

}  // namespace dossier::auth
