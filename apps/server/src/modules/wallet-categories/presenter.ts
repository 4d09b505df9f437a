interface CategoryRow {
  id: number;
  name: string;
  gl_code: string | null;
  created_at: Date;
}

/** A wallet category as the API answers it. */
export function presentCategory(category: CategoryRow) {
  return {
    id: category.id,
    name: category.name,
    gl_code: category.gl_code,
    created_at: category.created_at.toISOString(),
  };
}

/** Every category on one page (the list is short and never paged). */
export function presentCategoryList(categories: CategoryRow[]) {
  return {
    data: categories.map(presentCategory),
    meta: { total: categories.length, current_page: 1, per_page: categories.length, last_page: 1 },
  };
}
