/** Newsletter sign-up (spec sections 4, 5, 8). Full behaviour lands with issue #4. */
export function NewsletterForm() {
  return (
    <section className="app-form-section" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading">Subscribe to Our Newsletter</h2>
      <form noValidate method="post">
        <label htmlFor="newsletter-email">Email Address</label>
        <input id="newsletter-email" name="email" type="email" autoComplete="email" />
        <button type="submit">Subscribe</button>
      </form>
    </section>
  );
}
