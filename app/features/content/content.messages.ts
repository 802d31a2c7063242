/**
 * What a Hindi or Gujarati page says when some of its content has no translation yet and is
 * shown in English (issue 26). Never shown on English pages.
 */
export const contentMessages = {
  productName: "This battery's name is still in English.",
  productDescription: "This battery's description is still in English.",
  productNameAndDescription: "This battery's name and description are still in English.",
  cardNames: "Some battery names on this page are still in English.",
  someParts: "Some parts of this page are still in English.",
  wholeArticle: "This article is still in English.",
  articleParts: "These parts of this article are still in English: {parts}.",
  /** The parts `articleParts` names, joined with commas. */
  part: {
    title: "the title",
    description: "the summary",
    body: "the text",
    faq: "the questions and answers",
  },
};
