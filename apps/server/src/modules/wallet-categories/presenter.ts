/** A wallet category as the API answers it. */
export function presentCategory(category: { id: number; name: string; created_at: Date }) {
  return { id: category.id, name: category.name, created_at: category.created_at.toISOString() };
}

/** Every category on one page (the list is short and never paged). */
export function presentCategoryList(categories: Array<{ id: number; name: string; created_at: Date }>) {
  return {
    data: categories.map(presentCategory),
    meta: { total: categories.length, current_page: 1, per_page: categories.length, last_page: 1 },
  };
}
