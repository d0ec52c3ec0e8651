// The one heap measure the site's tests and the embedded backend's share.
export { heldHeap, MB } from "@jenga/supabase-local/testing/heap";
