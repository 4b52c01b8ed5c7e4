/** The answers the server writes into a page (`<script id="shop-answers">`), as the early requests read them. */
export function carry(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'shop-answers';
  element.textContent = JSON.stringify(answers);
  document.head.appendChild(element);
}

/** Between tests: the carried answers and all the early requests kept of them are gone. */
export function forgetCarriedAnswers() {
  document.getElementById('shop-answers')?.remove();
  delete window.__shopEarlyAnswers;
  delete window.__shopEarlyClosed;
  delete window.__shopPageAnswersRead;
  delete window.__shopCarriedKeys;
}
