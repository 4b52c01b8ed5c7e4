/** The sign-in's refusal (wrong password, wrong code), which describes the form's fields. */
export function LoginError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert" id="login-error">
      {error}
    </div>
  );
}
