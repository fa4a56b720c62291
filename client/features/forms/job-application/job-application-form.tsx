/** Job application form (spec sections 5, 7, 8). Full behaviour lands with issue #4. */
export function JobApplicationForm({ jobTitle }: { jobTitle: string }) {
  return (
    <form noValidate method="post" aria-label={`Apply for ${jobTitle}`}>
      <button type="submit">Submit Application</button>
    </form>
  );
}
